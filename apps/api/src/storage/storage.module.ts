import { Module } from '@nestjs/common';
import { StorageController } from './storage.controller';

/** The local storage adapter's signed upload and download endpoints. */
@Module({ controllers: [StorageController] })
export class StorageModule {}
