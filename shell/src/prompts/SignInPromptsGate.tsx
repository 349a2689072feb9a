import { Suspense, lazy } from 'react';
import { useCurrentUser, useSessionStore } from '@leadsmith/shared/core';
import { archivedToken, isImpersonating } from '../layout/frameModel';
import { pendingPrompts } from './promptState';

// Chakra and the dialogs load only for a user who has something to be asked.
const SignInPrompts = lazy(async () => {
  const [layer, prompts] = await Promise.all([import('../app/ChakraLayer'), import('./SignInPrompts')]);
  const Layer = layer.default;
  return {
    default: (props: Parameters<typeof prompts.SignInPrompts>[0]) => (
      <Layer>
        <prompts.SignInPrompts {...props} />
      </Layer>
    ),
  };
});

/** In the base layout: the terms and the credit pop-up when due. */
export function SignInPromptsGate() {
  const user = useCurrentUser();
  const token = useSessionStore((s) => s.token);
  const impersonating = isImpersonating(token, archivedToken());
  const { terms, credits } = pendingPrompts(user, impersonating);
  if (!user || (!terms && !credits)) return null;
  return (
    <Suspense fallback={null}>
      <SignInPrompts user={user} terms={terms} credits={credits} />
    </Suspense>
  );
}
