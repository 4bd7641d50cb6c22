'use strict';
// The preload: gives the page window.platformSocial (typed in platform.d.ts). It runs sandboxed,
// where require() knows only a few modules such as 'electron', so `npm start` first bundles this
// file into preload.js (esbuild). The bridge's preload entry imports no Node module.
const { contextBridge, ipcRenderer } = require('electron');
const { exposeToRenderer } = require('platform-social-sdk/electron/preload');

exposeToRenderer(contextBridge, ipcRenderer);
