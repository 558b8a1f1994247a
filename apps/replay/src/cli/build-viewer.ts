/** `pnpm --filter @toolcard/replay build`: a fresh production build of the viewer, whatever the stamp says. */
import { buildViewer, VIEWER_BUILD_DIR } from '../server/viewer-build.ts';

await buildViewer();
console.log(`viewer built in ${VIEWER_BUILD_DIR}`);
