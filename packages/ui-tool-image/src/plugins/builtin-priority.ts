/**
 * Every built-in entry registers below the default priority (0), so an app's entry registered
 * without naming a priority replaces the built-in one (its own `read_image` card, its own gallery)
 * instead of colliding with it.
 */
export const BUILTIN_PRIORITY = -1;
