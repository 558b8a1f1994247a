export { ImageGallery, type ImageGalleryProps } from './image-gallery';
