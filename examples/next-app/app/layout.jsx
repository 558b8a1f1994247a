// The one stylesheet of the cards, imported once for the whole app.
import '@toolcard/ui-tool-image/styles.css';

export const metadata = { title: 'toolcard in Next.js', icons: { icon: 'data:,' } };

export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
