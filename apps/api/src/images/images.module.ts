import { Module } from '@nestjs/common';
import { ImageService } from './image.service';

/** Checking, resizing, storing and serving uploaded images, for every feature that takes one. */
@Module({
  providers: [ImageService],
  exports: [ImageService],
})
export class ImagesModule {}
