export { ToolCardProvider, type ToolCardProviderProps } from './tool-card-provider';
export { BUILTIN_PLUGINS } from './builtin-plugins';
export { declareToolviewSlot } from './toolview-slot';
export { registerReadImageToolview } from './read-image-toolview';
export { registerReadToolview } from './read-toolview';
export type { ToolCardPlugin } from './tool-card-plugin';
export type { PluginErrorReport, ToolCardErrorReport } from './plugin-error-report';
export { registerAttachmentPresentation } from './attachment-presentation';
export { declareMessageSlot, registerMessageView } from './message-view';
