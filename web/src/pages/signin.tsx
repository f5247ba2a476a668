// /signin and /signup: a name and a password. The server's rules decide (a name of 3 to 20 letters,
// digits, '_' or '-'; a password of 8 to 128 bytes): the form says them and shows the server's
// answer in words. Signing in or up hands over the seats this browser holds (session.ts).
import { useEffect, useState } from 'preact/hooks';
import { ApiError } from '../api';
import { t } from '../i18n';
import { navigate } from '../router';
import { account, PASSWORD_MAX, RETURN_KEY, signIn, signUp } from '../session';
import './accounts.css';

// The server's refusal in the page's language where its status says enough; its own words else.
export function accountError(e: unknown, mode: 'signin' | 'signup' | 'password'): string {
  if (!(e instanceof ApiError)) return t('error.server', { message: String((e as Error)?.message ?? e) });
  if (e.message === 'network') return t('account.error_network');
  if (e.status === 401 && mode === 'signin') return t('account.error_wrong');
  if (e.status === 401 && mode === 'password') return t('account.error_wrong_password');
  if (e.status === 409) return t('account.error_taken');
  if (e.status === 429) return t('account.error_rate');
  return t('error.server', { message: e.message });
}

export function SignInPage({ mode }: { mode: 'signin' | 'signup' }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const signup = mode === 'signup';

  useEffect(() => {
    document.title = `${t(signup ? 'account.signup' : 'account.signin')} · Quartel`;
    setError('');
  }, [signup]);

  async function submit(e: Event) {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await (signup ? signUp(name.trim(), password) : signIn(name.trim(), password));
      // A new player sees their page (the matches kept from playing as a guest); a returning one
      // goes back to the page they came from, or to the games.
      const back = sessionStorage.getItem(RETURN_KEY);
      sessionStorage.removeItem(RETURN_KEY);
      navigate(signup ? `/player/${encodeURIComponent(account.value?.name ?? name.trim())}` : back && back !== '/account' ? back : '/');
    } catch (err) {
      setError(accountError(err, mode));
      setBusy(false);
    }
  }

  return (
    <form class="account-form" onSubmit={submit} noValidate data-testid={mode}>
      <h1>{t(signup ? 'account.signup_title' : 'account.signin_title')}</h1>
      {account.value && (
        <p class="muted" data-testid="already">
          {t(signup ? 'account.already_signup' : 'account.already', { name: account.value.name })}
        </p>
      )}
      <div class="field">
        <label for="account-name">{t('account.name')}</label>
        <input
          id="account-name"
          name="username"
          type="text"
          autocomplete="username"
          autocapitalize="none"
          spellcheck={false}
          required
          maxLength={signup ? 20 : 64}
          aria-describedby={signup ? 'account-name-help' : undefined}
          value={name}
          onInput={(e) => setName((e.target as HTMLInputElement).value)}
        />
        {signup && (
          <p class="help" id="account-name-help">
            {t('account.name_rule')}
          </p>
        )}
      </div>
      <div class="field">
        <label for="account-password">{t('account.password')}</label>
        <input
          id="account-password"
          name="password"
          type="password"
          autocomplete={signup ? 'new-password' : 'current-password'}
          required
          maxLength={PASSWORD_MAX}
          aria-describedby={signup ? 'account-password-help' : undefined}
          value={password}
          onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
        />
        {signup && (
          <p class="help" id="account-password-help">
            {t('account.password_rule')}
          </p>
        )}
      </div>
      {error && (
        <p class="error" role="alert" data-testid="account-error">
          {error}
        </p>
      )}
      <button type="submit" class="primary" disabled={busy || !name.trim() || !password} data-testid="account-submit">
        {busy ? t('common.loading') : t(signup ? 'account.signup' : 'account.signin')}
      </button>
      <p class="muted small">{t('account.guest_note')}</p>
      <p class="switch">
        {signup ? (
          <>
            {t('account.have_account')} <a href="/signin">{t('account.signin')}</a>
          </>
        ) : (
          <>
            {t('account.no_account')} <a href="/signup">{t('account.signup')}</a>
          </>
        )}
      </p>
    </form>
  );
}
