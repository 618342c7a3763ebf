/** The generic, schema-driven resource handler and its helpers. */
export { bodyGroupId, bodyId, entityListSpec, parseId, registerEntity, requireId } from './register.ts';
export type { AccessRule, AccessTarget, DestroyContext, DetailAction, DetailRequest, EntityConfig, EntitySql, EntityWrite, Operation, RegisteredEntity, Row, WriteContext } from './register.ts';
export { booleanParam, choiceParam, integerListParam, integerParam } from './filters.ts';
export { databaseWriteError, fieldError, translateValidation, validateWrite } from './validation.ts';
