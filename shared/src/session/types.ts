import type { ApiResponse } from '../api/contract';

/** The user as `GET /api/me` returns it (spec §3 User): generated from the API's schema, never retyped. */
export type User = ApiResponse<'/api/me', 'get'>;
export type UserModule = User['modules'][number];

export interface ListType {
  id: number;
  name: string;
  search_type: string;
}

export interface LoginResponse {
  token: string;
  token_type: 'Bearer';
  expires_at: string;
  user: User;
}
