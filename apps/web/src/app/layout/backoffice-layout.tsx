import { Outlet } from 'react-router';
import { isStaff, userCan, useUser } from '../../shared/auth';
import { useT } from '../../shared/i18n';
import { Link, SkipLink } from '../../shared/ui';
import { useRouteFocus } from './use-route-focus';
import { RouteBoundary } from '../lazy-route';
import './layout.css';

/** The agents' frame: a distinct header with the agent's name and the logout link. */
export function BackofficeLayout() {
  const t = useT();
  const user = useUser();
  useRouteFocus();

  return (
    <>
      <SkipLink />
      <header className="site-header site-header--backoffice">
        <div className="page-container page-container--wide site-header__inner">
          <Link to="/agentes" className="site-header__brand">
            {t('backoffice.brand')}
          </Link>
          {isStaff(user) && user ? (
            <nav className="site-nav" aria-label={t('nav.agent')}>
              <ul>
                <li>
                  <span className="site-nav__user">
                    {t('backoffice.signedInAs', { name: `${user.firstname} ${user.lastname}`.trim() || user.email })}
                  </span>
                </li>
                {userCan(user, 'mailbox.read') ? (
                  <li>
                    <Link to="/agentes/correo">{t('mailbox.navLink')}</Link>
                  </li>
                ) : null}
                {userCan(user, 'statistics.read') ? (
                  <li>
                    <Link to="/agentes/estadisticas">{t('statistics.nav')}</Link>
                  </li>
                ) : null}
                {userCan(user, 'templates.edit') ? (
                  <li>
                    <Link to="/agentes/plantillas">{t('templates.nav')}</Link>
                  </li>
                ) : null}
                {userCan(user, 'cannedResponses.edit') ? (
                  <li>
                    <Link to="/agentes/respuestas">{t('canned.nav')}</Link>
                  </li>
                ) : null}
                {userCan(user, 'invoicing.portugal') ? (
                  <li>
                    <Link to="/agentes/series-pt">{t('ptSeries.nav')}</Link>
                  </li>
                ) : null}
                {userCan(user, 'agents.manage') ? (
                  <li>
                    <Link to="/agentes/personal">{t('staff.nav')}</Link>
                  </li>
                ) : null}
                {userCan(user, 'agents.online') ? (
                  <li>
                    <Link to="/agentes/conectados">{t('onlineAgents.title')}</Link>
                  </li>
                ) : null}
                {userCan(user, 'backoffice.ownSettings') ? (
                  <li>
                    <Link to="/agentes/ajustes">{t('ownSettings.title')}</Link>
                  </li>
                ) : null}
                {userCan(user, 'legalEntities.manage') ? (
                  <li>
                    <Link to="/agentes/entidades-legales">{t('legalEntities.nav')}</Link>
                  </li>
                ) : null}
                {userCan(user, 'backoffice.verifactu.read') ? (
                  <li>
                    <Link to="/agentes/verifactu">{t('verifactu.nav')}</Link>
                  </li>
                ) : null}
                {userCan(user, 'configLists.read') ? (
                  <li>
                    <Link to="/agentes/listas">{t('configLists.nav')}</Link>
                  </li>
                ) : null}
                {userCan(user, 'catalog.edit') ? (
                  <li>
                    <Link to="/agentes/catalogo">{t('catalogAdmin.nav')}</Link>
                  </li>
                ) : null}
                <li>
                  <Link to="/agentes/logout">{t('nav.logout')}</Link>
                </li>
              </ul>
            </nav>
          ) : null}
        </div>
      </header>
      <main id="main" className="page-container page-container--wide main main--backoffice" tabIndex={-1}>
        <RouteBoundary>
          <Outlet />
        </RouteBoundary>
      </main>
    </>
  );
}
