import { Outlet } from "react-router";

export default function MainLayout() {
  return (
    <>
      <header className="site-header">Autopraonica</header>
      <main id="main">
        <Outlet />
      </main>
    </>
  );
}
