import { useMutation } from '@tanstack/react-query';
import { importPreviewSchema } from '../../../../core/imports.ts';
import { apiClient } from '../../../lib/api-client.ts';

/** The server only needs the head of a CSV to guess its shape; an XLSX must go whole to be read at all. */
const csvPreviewBytes = 256 * 1024;

export function isCsvFile(file: File) {
  return !file.name.toLowerCase().endsWith('.xlsx');
}

export function previewImport(file: File) {
  const formData = new FormData();
  const sample = isCsvFile(file) ? new File([file.slice(0, csvPreviewBytes)], file.name) : file;
  formData.append('file', sample, file.name);
  return apiClient.upload('/api/imports/preview', importPreviewSchema, formData);
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
