export * from './constants';
export * from './enums';
export * from './format';
export * from './schemas/fields';
export * from './schemas/auth';
export * from './schemas/visitors';
export * from './schemas/houses';
