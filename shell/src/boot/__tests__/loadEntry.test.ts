import { FRAME_TEXTS } from '../frameTexts';
import {
  CHUNKS_ATTRIBUTE,
  ENTRY_ATTRIBUTE,
  entryScripts,
  loadEntryScripts,
  showStartFailure,
  startChunks,
} from '../loadEntry';
import { preloadChunks } from '../preloadChunks';

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe("starting the shell's entry from the boot script", () => {
  it('reads the entry scripts the page names on the boot script', () => {
    const boot = document.createElement('script');
    boot.setAttribute(ENTRY_ATTRIBUTE, '/main.js?abc /second.js');
    expect(entryScripts(boot)).toEqual(['/main.js?abc', '/second.js']);
    expect(entryScripts(null)).toEqual([]);
  });

  it('reads the start-up chunks the page names, and preloads them as scripts', () => {
    const boot = document.createElement('script');
    boot.setAttribute(CHUNKS_ATTRIBUTE, '/422.bf61.js  /730.30b4.js');
    expect(startChunks(boot)).toEqual(['/422.bf61.js', '/730.30b4.js']);
    expect(startChunks(document.createElement('script'))).toEqual([]);
    preloadChunks(startChunks(boot));
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((l) => [l.rel, l.getAttribute('as'), l.getAttribute('href')])).toEqual([
      ['preload', 'script', '/422.bf61.js'],
      ['preload', 'script', '/730.30b4.js'],
    ]);
    // A script already preloaded (a remote's file asked for again on Retry) is not preloaded twice.
    preloadChunks(['/730.30b4.js', '/remotes/mfe-ai/1.0.0/__federation_expose_mount.1.js']);
    expect([...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'))).toEqual([
      '/422.bf61.js',
      '/730.30b4.js',
      '/remotes/mfe-ai/1.0.0/__federation_expose_mount.1.js',
    ]);
  });

  it('adds them to the page in order, to run in that order', () => {
    loadEntryScripts(['/main.js?abc', '/second.js'], () => undefined);
    const scripts = [...document.head.querySelectorAll('script')];
    expect(scripts.map((s) => s.getAttribute('src'))).toEqual(['/main.js?abc', '/second.js']);
    expect(scripts.every((s) => s.async === false)).toBe(true);
  });

  it('reports a script that cannot be fetched', () => {
    const failed: string[] = [];
    loadEntryScripts(['/main.js?abc'], (source) => failed.push(source));
    document.head.querySelector('script')!.dispatchEvent(new Event('error'));
    expect(failed).toEqual(['/main.js?abc']);
  });

  it('shows the failure in the stored language, with a way to try again', () => {
    document.body.innerHTML = '<div id="root"><div id="boot">Loading…</div></div>';
    showStartFailure(FRAME_TEXTS.fr);
    const alert = document.querySelector('#root [role="alert"]');
    expect(alert?.querySelector('h1')?.textContent).toBe(FRAME_TEXTS.fr.common.errors.unexpected);
    expect(alert?.querySelector('button')?.textContent).toBe(FRAME_TEXTS.fr.common.actions.retry);
    expect(FRAME_TEXTS.fr.common.actions.retry).not.toBe(FRAME_TEXTS.en.common.actions.retry);
    expect(document.getElementById('boot')).toBeNull();
  });
});
