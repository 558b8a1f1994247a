/**
 * The slots of the program, by name. Empty here on purpose: each layer adds the slots it owns
 * by declaration merging, so names and owner props are checked wherever a slot is used:
 *
 *     declare module '…/slots' {
 *       interface SlotMap { 'tool.call.images': SlotSpec<ImagesOwnerProps> }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface SlotMap {}

/** Type-only marker: a slot where the highest-priority entry wins. */
export interface SlotSpec<OwnerProps extends object> {
  readonly kind: 'single';
  readonly ownerProps: OwnerProps;
}

/** Type-only marker: a slot where, per entry key, the highest-priority entry wins. */
export interface KeyedSlotSpec<OwnerProps extends object> {
  readonly kind: 'keyed';
  readonly ownerProps: OwnerProps;
}

export type SlotKind = 'single' | 'keyed';

export type SlotName = Extract<keyof SlotMap, string>;

/** What the render site of slot `N` passes to the entry that fills it. */
export type OwnerPropsOf<N extends SlotName> = SlotMap[N] extends { readonly ownerProps: infer OwnerProps extends object } ? OwnerProps : never;

export type SlotKindOf<N extends SlotName> = SlotMap[N] extends { readonly kind: infer Kind extends SlotKind } ? Kind : never;

export type SingleSlotName = { [N in SlotName]: SlotKindOf<N> extends 'single' ? N : never }[SlotName];

export type Disposer = () => void;
