/**
 * What the app's composition root uses of images: its Nest module. Everything else here is its own.
 */
export { ImagesModule } from './images.module';
