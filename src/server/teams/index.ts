export {
  type AssessorScope,
  type AssessorScopeOf,
  createAssessorScope,
  scopeHolds,
  scopeIds,
} from './assessor-scope.ts';
