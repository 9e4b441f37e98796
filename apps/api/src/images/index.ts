export { ImagesModule } from './images.module';
export { ImageService, MAX_IMAGE_PIXELS, type ImageRules, type PreparedImage } from './image.service';
