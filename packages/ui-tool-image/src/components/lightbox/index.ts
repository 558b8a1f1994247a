export { ImageLightbox, type ImageLightboxProps } from './image-lightbox';
