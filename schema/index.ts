export * from './limits.ts';
export * from './messages.ts';
export * from './theme.ts';
export * from './fields.ts';
export * from './entities.ts';
export * from './account.ts';
export * from './requests.ts';
export * from './api-error.ts';
