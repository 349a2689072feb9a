import { KeyedObject, Nullable, StringEnum, Timestamp, Type, type Static } from '../../http/contract';

/** What the assistant is trained on: the business profile plus Settings' training data (read only). */
export const SOURCE_KINDS = ['profile', 'websites', 'links', 'texts', 'qa', 'files'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const SourceStatSchema = Type.Object({
  kind: StringEnum(SOURCE_KINDS),
  count: Type.Integer(),
  characters: Type.Integer(),
  tokens: Type.Integer(),
  /** Items added or edited after the last completed run started. */
  changed: Type.Integer({ description: 'Items added or edited after the last completed run started.' }),
  /** empty: nothing there; trained: in the last completed run, unchanged; not_trained: new, changed or removed since. */
  status: StringEnum(['empty', 'trained', 'not_trained'] as const),
});
export type SourceStat = Static<typeof SourceStatSchema>;

export const TrainingRunSchema = Type.Object({
  id: Type.Integer(),
  status: StringEnum(['queued', 'running', 'completed', 'failed'] as const),
  provider: Type.String(),
  model: Type.String(),
  sources: Type.Partial(KeyedObject(SOURCE_KINDS, Type.Integer()), {
    description: 'How many items of each source the run read.',
  }),
  tokens: Type.Integer(),
  summary: Type.String(),
  error_code: Nullable(Type.String()),
  started_at: Timestamp(),
  finished_at: Nullable(Timestamp()),
});
export type TrainingRun = Omit<Static<typeof TrainingRunSchema>, 'started_at' | 'finished_at'> & {
  started_at: string;
  finished_at: string | null;
};
