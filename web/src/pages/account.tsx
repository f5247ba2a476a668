// /account: the signed-in player's settings: change the password (the account's other sessions
// end), sign out. A guest is sent to sign in or up.
import { useEffect, useState } from 'preact/hooks';
import { t } from '../i18n';
import { navigate } from '../router';
import { account, changePassword, PASSWORD_MAX, RETURN_KEY, session, signOut } from '../session';
import { accountError } from './signin';
import './accounts.css';

export function AccountPage() {
  const [old, setOld] = useState('');
  const [fresh, setFresh] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = `${t('account.title')} · Quartel`;
  }, []);

  if (!session.value) return <p class="muted">{t('common.loading')}</p>;
  const me = account.value;
  if (!me)
    return (
      <div class="account-form">
        <h1>{t('account.title')}</h1>
        <p>{t('account.guest')}</p>
        <p class="switch">
          <a class="button primary" href="/signin">
            {t('account.signin')}
          </a>{' '}
          <a class="button" href="/signup">
            {t('account.signup')}
          </a>
        </p>
      </div>
    );

  async function submit(e: Event) {
    e.preventDefault();
    setBusy(true);
    setError('');
    setDone(false);
    try {
      await changePassword(old, fresh);
      setOld('');
      setFresh('');
      setDone(true);
    } catch (err) {
      setError(accountError(err, 'password'));
    }
    setBusy(false);
  }

  async function leave() {
    setError('');
    try {
      await signOut();
      navigate('/');
    } catch (err) {
      setError(accountError(err, 'signin'));
    }
  }

  return (
    <div class="account-page">
      <h1>{t('account.title')}</h1>
      <p>
        {t('account.signed_in_as')}{' '}
        <a href={`/player/${encodeURIComponent(me.name)}`} data-testid="account-profile">
          {me.name}
        </a>
      </p>
      <form class="account-form" onSubmit={submit} noValidate data-testid="password-form">
        <h2>{t('account.change_password')}</h2>
        {/* For password managers: the account whose password changes. */}
        <input type="text" name="username" autocomplete="username" value={me.name} readOnly hidden />
        <div class="field">
          <label for="password-old">{t('account.password_old')}</label>
          <input
            id="password-old"
            type="password"
            autocomplete="current-password"
            required
            maxLength={PASSWORD_MAX}
            value={old}
            onInput={(e) => setOld((e.target as HTMLInputElement).value)}
          />
        </div>
        <div class="field">
          <label for="password-new">{t('account.password_new')}</label>
          <input
            id="password-new"
            type="password"
            autocomplete="new-password"
            required
            maxLength={PASSWORD_MAX}
            aria-describedby="password-new-help"
            value={fresh}
            onInput={(e) => setFresh((e.target as HTMLInputElement).value)}
          />
          <p class="help" id="password-new-help">
            {t('account.password_rule')}
          </p>
        </div>
        {error && (
          <p class="error" role="alert" data-testid="account-error">
            {error}
          </p>
        )}
        {done && (
          <p class="ok" role="status" data-testid="password-changed">
            {t('account.password_changed')}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy || !old || !fresh} data-testid="password-submit">
          {busy ? t('common.loading') : t('account.change_password')}
        </button>
      </form>
      <section class="account-form">
        <h2>{t('account.signout')}</h2>
        <p class="muted">{t('account.signout_note')}</p>
        <button type="button" onClick={leave} data-testid="account-signout">
          {t('account.signout')}
        </button>
      </section>
    </div>
  );
}

// Signing in from a page (a match being watched) comes back to it (signin.tsx).
function rememberWhereFrom() {
  if (!/^\/(signin|signup)$/.test(location.pathname)) sessionStorage.setItem(RETURN_KEY, location.pathname);
}

// The top bar's part: "Sign in" and "Sign up" for a guest; the player's name (their page) and
// "Sign out" once signed in. Nothing while the session loads (no flash of the wrong one).
export function AccountNav() {
  const [error, setError] = useState('');
  if (!session.value) return <span class="account-nav" />;
  const me = account.value;
  if (!me)
    return (
      <span class="account-nav" data-testid="account-nav" onClick={rememberWhereFrom}>
        <a href="/signin" data-testid="nav-signin">
          {t('account.signin')}
        </a>
        <a href="/signup" data-testid="nav-signup">
          {t('account.signup')}
        </a>
      </span>
    );
  return (
    <span class="account-nav" data-testid="account-nav">
      <a class="me" href={`/player/${encodeURIComponent(me.name)}`} data-testid="nav-me" title={me.name}>
        {me.name}
      </a>
      <button
        type="button"
        data-testid="nav-signout"
        title={error || undefined}
        onClick={() =>
          signOut().then(
            () => setError(''),
            (e) => setError(accountError(e, 'signin')),
          )
        }
      >
        {t('account.signout')}
      </button>
    </span>
  );
}
