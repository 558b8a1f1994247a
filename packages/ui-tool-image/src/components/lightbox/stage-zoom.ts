import { pixelAt } from './original-pixel';
import {
  centredView,
  clampScale,
  clampView,
  fitScale,
  panBy,
  steppedScale,
  wheelZoomFactor,
  zoomAround,
  zoomPercent,
  type Point,
  type Size,
  type ZoomView,
} from './zoom-view';

/** What the toolbar shows of the zoom. */
export interface ZoomLevel {
  readonly percent: number;
  /** Following the stage's size at the fit: nobody zoomed since the image was shown. */
  readonly fitted: boolean;
  /** Shown 1:1 by choice (Actual size, a double-click, the keys). */
  readonly actual: boolean;
  /** Larger than the fit: a drag or the arrows pan, and ←/→ no longer change the image. */
  readonly zoomed: boolean;
  readonly canZoomIn: boolean;
  /** Counts the person's zooms (not a new image's fit, nor a resize's): what is worth announcing. */
  readonly zoomChanges: number;
}

/** A drag shorter than this is still a click (it may close the lightbox on the backdrop). */
const CLICK_SLOP = 4;
/**
 * Two taps this close in time and place are a double tap: the time from the first finger's lift to
 * the second's touch, as phones count it (the second tap's own length does not count).
 */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_SLOP = 24;
/** How far an arrow key pans. */
const PAN_STEP = 80;

type Gesture =
  | { readonly kind: 'pan'; readonly start: Point; readonly view: ZoomView }
  | { readonly kind: 'pinch'; readonly distance: number; readonly centre: Point; readonly view: ZoomView };

function distanceBetween(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function middleOf(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/**
 * The lightbox stage's zoom and pan, bound to its elements. The view lives here, not in React
 * state: a wheel tick or a pointer move writes the image's transform directly, and only what the
 * toolbar and caption show is published (to `useSyncExternalStore`), when it changes.
 */
export class StageZoom {
  private stage: HTMLElement | null = null;
  private image: HTMLElement | null = null;
  private stageSize: Size = { width: 0, height: 0 };
  private imageSize: Size = { width: 1, height: 1 };
  private space: Size = { width: 1, height: 1 };
  private view: ZoomView = { scale: 1, x: 0, y: 0 };
  private fitted = true;
  /** The pointer over the stage (stage coordinates), while a mouse or pen hovers it. */
  private hover: Point | undefined;
  private readonly pointers = new Map<number, Point>();
  private gesture: Gesture | undefined;
  private dragged = false;
  private lastTap: { readonly time: number; readonly at: Point } | undefined;
  /** When the first finger of the gesture on the glass touched it. */
  private pressedAt = 0;
  private lastPointerType = '';
  private zoomChanges = 0;
  private level: ZoomLevel = { percent: 100, fitted: true, actual: false, zoomed: false, canZoomIn: true, zoomChanges: 0 };
  private pixel: Point | undefined;
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getLevel = (): ZoomLevel => this.level;

  /** The pixel under the pointer in the image's coordinate space (original-pixel.ts), if any. */
  readonly getPixel = (): Point | undefined => this.pixel;

  /** Listens on the stage and keeps the fit as it resizes; returns the detach. */
  attach(stage: HTMLElement): () => void {
    this.stage = stage;
    const options = { passive: false };
    const listeners: [string, (event: never) => void][] = [
      ['wheel', this.onWheel],
      ['pointerdown', this.onPointerDown],
      ['pointermove', this.onPointerMove],
      ['pointerup', this.onPointerUp],
      ['pointercancel', this.onPointerUp],
      ['pointerleave', this.onPointerLeave],
      ['dblclick', this.onDoubleClick],
      ['click', this.onClick],
    ];
    for (const [type, listener] of listeners) stage.addEventListener(type, listener as EventListener, options);
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            this.measureStage();
          });
    observer?.observe(stage);
    this.measureStage();
    return () => {
      observer?.disconnect();
      for (const [type, listener] of listeners) stage.removeEventListener(type, listener as EventListener);
      this.stage = null;
    };
  }

  /** The element drawn with the view: the `<img>` once it is shown. */
  setImageElement(element: HTMLElement | null): void {
    this.image = element;
    this.apply(this.view);
  }

  /**
   * A new image, or the shown one's real size once loaded: at the fit. `space` is where positions
   * are told (original-pixel.ts).
   */
  show(size: Size, space: Size): void {
    this.imageSize = size;
    this.space = space;
    this.pointers.clear();
    this.gesture = undefined;
    this.fitted = true;
    this.refit();
  }

  zoomStep(direction: 1 | -1): void {
    this.zoomTo(steppedScale(this.view.scale, direction), this.stageCentre());
  }

  fit(): void {
    this.zoomChanges += 1;
    this.fitted = true;
    this.refit();
  }

  /** The Actual size control: 1:1 around the stage's centre, and back to the fit. */
  toggleActualSize(): void {
    if (this.level.actual) this.fit();
    else this.zoomTo(1, this.stageCentre());
  }

  /** A double-click or double tap: 1:1 around `at` from the fit, back to the fit from any zoom. */
  private toggleZoomAt(at: Point): void {
    if (this.level.zoomed) this.fit();
    else this.zoomTo(1, at);
  }

  /** Pans by arrow-key steps; `false` when not zoomed (the arrows then change the image). */
  panStep(x: number, y: number): boolean {
    if (!this.level.zoomed) return false;
    this.setView(panBy(this.view, { x: -x * PAN_STEP, y: -y * PAN_STEP }, this.imageSize, this.stageSize));
    return true;
  }

  private stageCentre(): Point {
    return { x: this.stageSize.width / 2, y: this.stageSize.height / 2 };
  }

  private measureStage(): void {
    if (this.stage === null) return;
    this.stageSize = { width: this.stage.clientWidth, height: this.stage.clientHeight };
    this.refit();
  }

  private refit(): void {
    const { imageSize, stageSize } = this;
    if (this.fitted) this.setView(centredView(fitScale(imageSize, stageSize), imageSize, stageSize), true);
    else this.setView(clampView({ ...this.view, scale: clampScale(this.view.scale, imageSize, stageSize) }, imageSize, stageSize), false);
  }

  private zoomTo(scale: number, at: Point): void {
    this.zoomChanges += 1;
    this.setView(zoomAround(this.view, scale, at, this.imageSize, this.stageSize));
  }

  private setView(view: ZoomView, fitted = false): void {
    this.fitted = fitted;
    this.apply(view);
    const fit = fitScale(this.imageSize, this.stageSize);
    this.publish({
      percent: zoomPercent(view.scale),
      fitted,
      actual: !fitted && view.scale === 1,
      zoomed: view.scale > fit,
      canZoomIn: view.scale < clampScale(Infinity, this.imageSize, this.stageSize),
      zoomChanges: this.zoomChanges,
    });
  }

  private apply(view: ZoomView): void {
    this.view = view;
    if (this.image !== null) this.image.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
    this.updatePixel();
  }

  private publish(level: ZoomLevel): void {
    const previous: ZoomLevel = this.level;
    if ((Object.keys(level) as (keyof ZoomLevel)[]).every((key) => previous[key] === level[key])) return;
    this.level = level;
    this.notify();
  }

  private updatePixel(): void {
    const pixel = this.hover === undefined || this.image === null ? undefined : pixelAt(this.hover, this.view, this.imageSize, this.space);
    if (pixel?.x === this.pixel?.x && pixel?.y === this.pixel?.y) return;
    this.pixel = pixel;
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  /** Client coordinates to the stage's. */
  private stagePoint(event: { readonly clientX: number; readonly clientY: number }): Point {
    const box = this.stage?.getBoundingClientRect();
    return { x: event.clientX - (box?.left ?? 0), y: event.clientY - (box?.top ?? 0) };
  }

  private readonly onWheel = (event: WheelEvent): void => {
    // The page behind is inert; the wheel over the image is the zoom's, never a scroll.
    event.preventDefault();
    this.zoomTo(this.view.scale * wheelZoomFactor(event, this.stageSize.height), this.stagePoint(event));
  };

  private readonly onPointerDown = (event: PointerEvent): void => {
    this.lastPointerType = event.pointerType;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    const at = this.stagePoint(event);
    this.pointers.set(event.pointerId, at);
    if (this.pointers.size === 1) {
      this.dragged = false;
      this.pressedAt = performance.now();
    }
    this.startGesture();
    // Captured only for a gesture that moves the image: at the fit, a press stays a click (the backdrop's).
    if (this.level.zoomed || this.pointers.size > 1) {
      try {
        this.stage?.setPointerCapture(event.pointerId);
      } catch {
        // A pointer already gone (released before this ran) cannot be captured; its gesture ends with it.
      }
    }
  };

  private startGesture(): void {
    const [first, second] = [...this.pointers.values()];
    if (first === undefined) this.gesture = undefined;
    else if (second === undefined) this.gesture = { kind: 'pan', start: first, view: this.view };
    else this.gesture = { kind: 'pinch', distance: Math.max(1, distanceBetween(first, second)), centre: middleOf(first, second), view: this.view };
  }

  private readonly onPointerMove = (event: PointerEvent): void => {
    const at = this.stagePoint(event);
    if (event.pointerType !== 'touch') this.hover = at;
    if (!this.pointers.has(event.pointerId)) {
      this.updatePixel();
      return;
    }
    this.pointers.set(event.pointerId, at);
    const { gesture } = this;
    if (gesture?.kind === 'pan') {
      const delta = { x: at.x - gesture.start.x, y: at.y - gesture.start.y };
      if (Math.hypot(delta.x, delta.y) > CLICK_SLOP) this.dragged = true;
      if (this.dragged) this.setView(panBy(gesture.view, delta, this.imageSize, this.stageSize));
      else this.updatePixel();
    } else if (gesture?.kind === 'pinch') {
      const [first, second] = [...this.pointers.values()];
      if (first === undefined || second === undefined) return;
      this.dragged = true;
      const centre = middleOf(first, second);
      const { view } = gesture;
      // The image point under the fingers' first centre follows their centre as they spread.
      const moved = { scale: view.scale, x: view.x + centre.x - gesture.centre.x, y: view.y + centre.y - gesture.centre.y };
      const scale = (view.scale * distanceBetween(first, second)) / gesture.distance;
      this.zoomChanges += 1;
      this.setView(zoomAround(moved, scale, centre, this.imageSize, this.stageSize));
    }
  };

  private readonly onPointerUp = (event: PointerEvent): void => {
    if (!this.pointers.delete(event.pointerId)) return;
    // The finger left on the glass goes on panning from where it is.
    this.startGesture();
    if (event.type === 'pointerup' && event.pointerType === 'touch' && !this.dragged && this.pointers.size === 0) this.tapped(this.stagePoint(event));
  };

  private tapped(at: Point): void {
    const { lastTap } = this;
    if (lastTap !== undefined && this.pressedAt - lastTap.time < DOUBLE_TAP_MS && distanceBetween(lastTap.at, at) < DOUBLE_TAP_SLOP) {
      this.lastTap = undefined;
      this.toggleZoomAt(at);
    } else {
      this.lastTap = { time: performance.now(), at };
    }
  }

  private readonly onPointerLeave = (event: PointerEvent): void => {
    if (this.pointers.has(event.pointerId)) return;
    this.hover = undefined;
    this.updatePixel();
  };

  private readonly onDoubleClick = (event: MouseEvent): void => {
    // A touch's double tap is counted from its taps (tapped), where the browser may not raise dblclick.
    if (this.lastPointerType === 'touch') return;
    this.toggleZoomAt(this.stagePoint(event));
  };

  /** The click that ends a drag is no click: it must not close the lightbox on the backdrop. */
  private readonly onClick = (event: MouseEvent): void => {
    if (!this.dragged) return;
    this.dragged = false;
    event.stopPropagation();
  };
}
