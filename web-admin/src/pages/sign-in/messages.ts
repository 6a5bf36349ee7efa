import type { PageMessages } from '../../i18n/index.ts';

const en = {
  title: 'Sign in',
  intro:
    'Paste the token you were given, or scan the QR code on your table card. An organizer token opens the console; a referee token the tournament; a scorer token its table.',
  token: 'Token',
  tokenHelp: 'It is kept in this browser until you sign out.',
  submit: 'Sign in',
  checking: 'Checking…',
  fromLink: 'Signing in with the token from the link…',
  empty: 'Paste a token first.',
};

const zh = {
  title: '登入',
  intro:
    '貼上你拿到的權杖，或掃描桌卡上的二維碼。主辦權杖開啟控制台，裁判權杖開啟賽事，記分員權杖開啟其牌桌。',
  token: '權杖',
  tokenHelp: '登出前，權杖保存在此瀏覽器。',
  submit: '登入',
  checking: '檢查中…',
  fromLink: '正以連結中的權杖登入…',
  empty: '請先貼上權杖。',
};

export const messages: PageMessages<typeof en> = { en, zh };
