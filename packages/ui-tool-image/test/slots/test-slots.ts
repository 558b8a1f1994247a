import type { KeyedSlotSpec, SlotSpec } from '../../src/slots';

export interface RowOwnerProps {
  readonly title: string;
}

export interface BannerOwnerProps {
  readonly text: string;
}

export interface DetailsOwnerProps {
  readonly detail: string;
}

// Test-only slots, declared the way each layer declares its own.
declare module '../../src/slots' {
  interface SlotMap {
    'test.row': KeyedSlotSpec<RowOwnerProps>;
    'test.banner': SlotSpec<BannerOwnerProps>;
    'test.row.details': SlotSpec<DetailsOwnerProps>;
    'test.row.badge': SlotSpec<DetailsOwnerProps>;
  }
}
