import type { ApiResponse } from '../api/contract';

/** The user as `GET /api/me` returns it (spec §3 User): generated from the API's schema, never retyped. */
export type User = ApiResponse<'/api/me', 'get'>;
export type UserModule = User['modules'][number];

/** A list (campaign) type as `GET /api/campaign-types` returns it. */
export type ListType = ApiResponse<'/api/campaign-types', 'get'>[number];

/** A session as sign-in, email confirmation and social sign-in answer it. */
export type LoginResponse = ApiResponse<'/auth/login', 'post'>;
