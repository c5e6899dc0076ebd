import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ColumnMapping,
  importBatchSchema,
  type LegalBasis,
} from '../../../../core/imports.ts';
import { apiClient } from '../../../lib/api-client.ts';
import { importKeys } from './import-query-keys.ts';

export interface StartImportInput {
  file: File;
  mapping: ColumnMapping;
  source: string;
  legalBasis: LegalBasis;
  fillEmptyFields: boolean;
  onProgress?: (fraction: number) => void;
}

/** The server answers 202 with the batch id at once; the work goes on in the background. */
const startedImportSchema = importBatchSchema.pick({ id: true });

export function startImport({
  file,
  mapping,
  source,
  legalBasis,
  fillEmptyFields,
  onProgress,
}: StartImportInput) {
  const formData = new FormData();
  // Text fields first: a streaming server reads them before the file arrives.
  formData.append('mapping', JSON.stringify(mapping));
  formData.append('source', source);
  formData.append('legalBasis', legalBasis);
  formData.append('fillEmptyFields', String(fillEmptyFields));
  formData.append('file', file, file.name);
  return apiClient.upload('/api/imports', startedImportSchema, formData, { onProgress });
}

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importKeys.all }),
  });
}
