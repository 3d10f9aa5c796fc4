import { useRootData } from './root-data';

/** The hidden `_csrf` field every Remix form post carries. */
export function CsrfInput() {
  const { csrfToken } = useRootData();
  return <input type="hidden" name="_csrf" value={csrfToken} />;
}
