import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { DEFAULT_LANGUAGE, STORAGE_KEYS } from '../constants/limits';
import { readStoredToken } from '../session/tokenStorage';
import { toast } from '../toast/toast';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Failures are logged only, never toasted (spec §8: training-data calls). */
    silent?: boolean;
    /** The caller shows the success message itself (e.g. with an Undo button); failures still toast. */
    ownToast?: boolean;
  }
}

export interface ApiErrorBody {
  code?: string;
  message?: string;
  field?: string;
  errors?: { field: string; message: string }[];
  /** The id of the request on the server (also the X-Request-Id header): quote it to support. */
  request_id?: string;
  /** 503 `maintenance`: the super admin's message and when to try again. */
  maintenance_message?: string;
  retry_after_seconds?: number;
}

export type ApiError = AxiosError<ApiErrorBody>;

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** The shell subscribes here to clear the session on a 401 from any area. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

/** The service is down for maintenance (503 `maintenance`): what the super admin wrote, and when to come back. */
export interface MaintenanceNotice {
  message: string;
  retryAfterSeconds: number;
}
type MaintenanceListener = (notice: MaintenanceNotice) => void;
const maintenanceListeners = new Set<MaintenanceListener>();

/** The shell subscribes here to show its maintenance page when any call is held back. */
export function onMaintenance(listener: MaintenanceListener): () => void {
  maintenanceListeners.add(listener);
  return () => maintenanceListeners.delete(listener);
}

/** The maintenance notice a failed call carries, or null when it failed for another reason. */
export function maintenanceNotice(error: unknown): MaintenanceNotice | null {
  if (
    !axios.isAxiosError<ApiErrorBody>(error) ||
    error.response?.status !== 503 ||
    error.response.data?.code !== 'maintenance'
  )
    return null;
  return {
    message: error.response.data.maintenance_message ?? '',
    retryAfterSeconds: error.response.data.retry_after_seconds ?? 0,
  };
}

type LicenseExpiredListener = () => void;
const licenseExpiredListeners = new Set<LicenseExpiredListener>();

/**
 * The shell subscribes here to draw its expired-licence page when any call answers 403
 * `license_expired` (the licence ended during the session; ADR 046).
 */
export function onLicenseExpired(listener: LicenseExpiredListener): () => void {
  licenseExpiredListeners.add(listener);
  return () => licenseExpiredListeners.delete(listener);
}

function currentLanguage(): string {
  try {
    return localStorage.getItem(STORAGE_KEYS.lang) || DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

function withSpecHeaders(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  config.headers.set('Accept', 'application/json');
  config.headers.set('User-Language', currentLanguage());
  const token = readStoredToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  return config;
}

export function createApiClient(baseURL = ''): AxiosInstance {
  const client = axios.create({ baseURL, timeout: 30_000 });
  client.interceptors.request.use(withSpecHeaders);
  client.interceptors.response.use(
    (response) => {
      // Spec §7: every response with a message shows a toast, only when a token is stored.
      const message = (response.data as ApiErrorBody | undefined)?.message;
      if (message && readStoredToken() && !response.config.silent && !response.config.ownToast) toast.success(message);
      return response;
    },
    (error: ApiError) => {
      // Maintenance: the shell's page says it once, instead of a toast per call.
      const notice = maintenanceNotice(error);
      if (notice) {
        maintenanceListeners.forEach((l) => l(notice));
        return Promise.reject(error);
      }
      const hadToken = Boolean(readStoredToken());
      // An expired licence: the shell's page says so once, instead of a toast per call.
      if (error.response?.status === 403 && error.response.data?.code === 'license_expired' && hadToken) {
        licenseExpiredListeners.forEach((l) => l());
        return Promise.reject(error);
      }
      if (error.response?.status === 401 && hadToken) unauthorizedListeners.forEach((l) => l());
      const message = error.response?.data?.message;
      // Spec §8: failed response with token and message → error toast, error passed on.
      if (hadToken && message && !error.config?.silent) toast.error(message);
      if (error.config?.silent) console.warn('[api]', error.config.url, message ?? error.message);
      return Promise.reject(error);
    },
  );
  return client;
}

/** The one API client for the page (shared singleton through federation). */
export const apiClient = createApiClient();

/** Message to show for a failed call: the API's own message, else a generic one. */
export function apiErrorMessage(error: unknown, fallback: string): string {
  if (axios.isAxiosError<ApiErrorBody>(error)) return error.response?.data?.message ?? fallback;
  return fallback;
}

/** True when the API answered 404: the item does not exist (or is not the user's), so asking again cannot help. */
export function isNotFoundError(error: unknown): boolean {
  return axios.isAxiosError(error) && error.response?.status === 404;
}

/** Field-level errors of a 400/422 answer, keyed by field. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (!axios.isAxiosError<ApiErrorBody>(error)) return {};
  const body = error.response?.data;
  const out: Record<string, string> = {};
  body?.errors?.forEach((e) => (out[e.field] = e.message));
  if (body?.field && body.message && !out[body.field]) out[body.field] = body.message;
  return out;
}
