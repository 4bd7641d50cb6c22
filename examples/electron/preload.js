'use strict';
// Runs sandboxed (sandbox: true): its require() knows only a few modules such as 'electron', so
// this file is self-contained CommonJS. It exposes window.platform (typed in platform.d.ts): each
// call is an ipcRenderer.invoke answered by main.js; events arrive with ipcRenderer.on.
const { contextBridge, ipcRenderer } = require('electron');

/**
 * Subscribes to an event channel and returns the function that unsubscribes. contextBridge wraps
 * the page's callback in a new proxy on every call, so the page could never remove a listener by
 * passing the same callback again: it keeps this closure instead.
 */
function subscribe(channel, listener) {
  if (typeof listener !== 'function') throw new TypeError('listener must be a function');
  // The IpcRendererEvent stays here: handing it to the page would expose ipcRenderer itself.
  const wrapped = (_event, payload) => listener(payload);
  ipcRenderer.on(channel, wrapped);
  return () => {
    ipcRenderer.removeListener(channel, wrapped);
  };
}

contextBridge.exposeInMainWorld('platform', {
  login: () => ipcRenderer.invoke('platform:login'),
  friends: () => ipcRenderer.invoke('platform:friends'),
  setPresence: (presence) => ipcRenderer.invoke('platform:setPresence', presence),
  sendLobbyMessage: (text) => ipcRenderer.invoke('platform:sendLobbyMessage', text),
  onMessage: (listener) => subscribe('platform:message', listener),
  onFriendsChanged: (listener) => subscribe('platform:friendsChanged', () => listener()),
});
