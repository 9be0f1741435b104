export * from './deals.ts';
