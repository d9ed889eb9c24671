import { defineService } from '../../platform/services.js';
import { SlotsService } from './slots.service.js';

/** The aggregator integration of one server (read it with `slotsService.of(ctx)`). */
export const slotsService = defineService('slots.aggregator', (ctx) => new SlotsService(ctx));
