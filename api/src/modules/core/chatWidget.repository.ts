import type { Queryable } from '../../db';

/** The chat services a reseller can plug in. */
export const CHAT_WIDGET_PROVIDERS = ['intercom'] as const;
export type ChatWidgetProvider = (typeof CHAT_WIDGET_PROVIDERS)[number];

export interface WidgetRow {
  provider: ChatWidgetProvider;
  app_id: string;
  secret_enc: string;
  updated_at: string;
}

/** The reseller's support chat, if it set one. */
export async function widgetRowOf(q: Queryable, ownerId: number): Promise<WidgetRow | null> {
  const { rows } = await q.query<WidgetRow>(
    'SELECT provider, app_id, secret_enc, updated_at FROM chat_widgets WHERE owner_user_id = $1',
    [ownerId],
  );
  return rows[0] ?? null;
}

/** Who chats: the user's name and email, and the reseller of its workspace (its team owner's parent), if any. */
export async function chatIdentityOf(
  q: Queryable,
  userId: number,
): Promise<
  | {
      id: number;
      first_name: string | null;
      last_name: string | null;
      email: string;
      created_at: Date;
      reseller_id: number | null;
    }
  | undefined
> {
  const { rows } = await q.query<{
    id: number;
    first_name: string | null;
    last_name: string | null;
    email: string;
    created_at: Date;
    reseller_id: number | null;
  }>(
    `SELECT u.id, u.first_name, u.last_name, u.email, u.created_at, a.parent_id AS reseller_id
     FROM users u JOIN users a ON a.id = COALESCE(u.team_owner_id, u.id) WHERE u.id = $1`,
    [userId],
  );
  return rows[0];
}

/** Saves the reseller's support chat; a null secret keeps the one stored. */
export async function saveWidget(
  q: Queryable,
  ownerId: number,
  provider: ChatWidgetProvider,
  appId: string,
  sealedSecret: string | null,
): Promise<WidgetRow> {
  const { rows } = await q.query<WidgetRow>(
    `INSERT INTO chat_widgets (owner_user_id, provider, app_id, secret_enc, updated_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (owner_user_id) DO UPDATE SET provider = EXCLUDED.provider, app_id = EXCLUDED.app_id,
       secret_enc = COALESCE($5, chat_widgets.secret_enc), updated_at = now()
     RETURNING provider, app_id, secret_enc, updated_at`,
    [ownerId, provider, appId, sealedSecret ?? '', sealedSecret],
  );
  return rows[0]!;
}

export async function deleteWidget(q: Queryable, ownerId: number): Promise<void> {
  await q.query('DELETE FROM chat_widgets WHERE owner_user_id = $1', [ownerId]);
}
