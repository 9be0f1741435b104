import 'bootstrap/dist/css/bootstrap.min.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/app-router.tsx';

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');
createRoot(root).render(<StrictMode><AppRouter /></StrictMode>);
