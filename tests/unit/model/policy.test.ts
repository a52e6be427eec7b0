/**
 * The shared policy table (src/model/policy.ts): the SPA's screens, side menu and home page
 * per role, derived from the same role × action table the API enforces.
 */
import { describe, expect, it } from 'vitest';
import { ACTIONS, can, canOpenScreen, homePathFor, POLICY, ROLES, SCREENS, SIDE_MENU, sideMenuFor, type Action, type ScreenPattern } from '../../../src/model';
import * as serverPolicy from '../../../src/server/auth/policy.ts';

const labels = (role: (typeof ROLES)[number]) => sideMenuFor(role).map((e) => e.label);

describe('shared policy table', () => {
  it('the server enforces the very table the SPA reads', () => {
    expect(serverPolicy.POLICY).toBe(POLICY);
    expect(serverPolicy.ACTIONS).toBe(ACTIONS);
    expect(serverPolicy.can).toBe(can);
  });

  it('every screen names actions of the table', () => {
    for (const [pattern, actions] of Object.entries(SCREENS)) {
      expect(actions.length, pattern).toBeGreaterThan(0);
      for (const a of actions) expect(Object.keys(ACTIONS), pattern).toContain(a);
    }
  });

  it('admin sees the side menu of 001 §2 exactly, in order', () => {
    expect(labels('admin')).toEqual(['Dashboard', 'Funnels', 'Domains', 'Templates', 'Categories', 'Offers', 'Orders', 'Shipping', 'Status', 'Users']);
    expect(SIDE_MENU.map((e) => e.label)).toEqual(labels('admin'));
  });

  it('operator sees everything but Users', () => {
    expect(labels('operator')).toEqual(['Dashboard', 'Funnels', 'Domains', 'Templates', 'Categories', 'Offers', 'Orders', 'Shipping', 'Status']);
    expect(canOpenScreen('operator', 'users')).toBe(false);
  });

  it('the sticky account sees only the Sticky entry and lands on /sticky (001 §2, §6)', () => {
    expect(sideMenuFor('sticky')).toEqual([{ to: '/sticky', label: 'Sticky', screen: 'sticky' }]);
    expect(homePathFor('sticky')).toBe('/sticky');
    const open = (Object.keys(SCREENS) as ScreenPattern[]).filter((p) => canOpenScreen('sticky', p)).sort();
    expect(open).toEqual(['status', 'sticky']);
  });

  it('staff land on the dashboard', () => {
    expect(homePathFor('admin')).toBe('/');
    expect(homePathFor('operator')).toBe('/');
  });

  it('a role that may open a screen may make every read it needs', () => {
    for (const role of ROLES) {
      for (const p of Object.keys(SCREENS) as ScreenPattern[]) {
        if (canOpenScreen(role, p)) for (const a of SCREENS[p] as readonly Action[]) expect(can(role, a), `${role} ${p} ${a}`).toBe(true);
      }
    }
  });
});
