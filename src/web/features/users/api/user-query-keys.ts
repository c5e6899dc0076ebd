/** The user list is one query, shared by the users page and every assessor or user picker. */
export const userKeys = {
  all: ['users'] as const,
};
