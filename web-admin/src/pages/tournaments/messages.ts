import type { PageMessages } from '../../i18n/index.ts';

const en = {
  title: 'Tournaments',
  create: 'New tournament',
  empty: 'No tournaments yet. Create the first one.',
  caption: 'Every tournament this token may open, newest first',
  columns: {
    name: 'Name',
    status: 'Status',
    players: 'Players',
    rounds: 'Rounds',
    created: 'Created',
  },
  status: { open: 'Open', finished: 'Finished' },
  players: '{{active}} active of {{count}}',
  players_one: '{{active}} active of {{count}}',
  noRounds: 'none yet',
  rounds: '{{count}} rounds · round {{round}} {{phase}}',
  rounds_one: '{{count}} round · round {{round}} {{phase}}',
  phase: { scheduled: 'scheduled', seated: 'seated', started: 'playing', closed: 'closed' },
};

const zh = {
  title: '賽事',
  create: '新賽事',
  empty: '尚無賽事。建立第一個吧。',
  caption: '此權杖可開啟的所有賽事，最新在前',
  columns: {
    name: '名稱',
    status: '狀態',
    players: '選手',
    rounds: '輪次',
    created: '建立時間',
  },
  status: { open: '進行中', finished: '已結束' },
  players: '{{count}} 人中 {{active}} 人在賽',
  players_one: '{{count}} 人中 {{active}} 人在賽',
  noRounds: '尚未排定',
  rounds: '共 {{count}} 輪 · 第 {{round}} 輪{{phase}}',
  rounds_one: '共 {{count}} 輪 · 第 {{round}} 輪{{phase}}',
  phase: { scheduled: '已排定', seated: '已編座', started: '對局中', closed: '已結束' },
};

export const messages: PageMessages<typeof en> = { en, zh };
