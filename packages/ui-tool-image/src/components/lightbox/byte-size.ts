import { formatLabel, type LabelSet } from '../../labels';

const KIB = 1024;
const MIB = KIB * 1024;

/** One decimal below ten units ("1.5 KiB"), whole units above ("340 KiB"). */
function amount(value: number): string {
  return value < 10 ? String(Math.round(value * 10) / 10) : String(Math.round(value));
}

/** A byte count in binary units, in the labels' wording. */
export function formatByteSize(bytes: number, labels: LabelSet): string {
  if (bytes < KIB) return formatLabel(labels['lightbox.bytes'], { value: bytes });
  // Just under a MiB rounds up to "1 MiB" rather than showing "1024 KiB".
  if (bytes < MIB - KIB / 2) return formatLabel(labels['lightbox.kibibytes'], { value: amount(bytes / KIB) });
  return formatLabel(labels['lightbox.mebibytes'], { value: amount(bytes / MIB) });
}
