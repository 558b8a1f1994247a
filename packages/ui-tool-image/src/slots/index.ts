export { SlotUsageError } from './child-slot-guard';
export { SlotRuleError, type SlotRuleBreach } from './slot-rule-error';
export { Slot, renderOptionalSlot, renderSlot, type RenderSlotOptions, type SlotFallback, type SlotProps } from './slot';
export type { Disposer, KeyedSlotSpec, OwnerPropsOf, SingleSlotName, SlotKind, SlotKindOf, SlotMap, SlotName, SlotSpec } from './slot-map';
export {
  createSlotRegistry,
  type SlotDeclaration,
  type SlotEntry,
  type SlotErrorReport,
  type SlotInjection,
  type SlotRegistration,
  type SlotRegistry,
  type SlotRegistryOptions,
} from './slot-registry';
export { SlotRegistryProvider, useSlotRegistry, type SlotRegistryProviderProps } from './slot-registry-provider';
