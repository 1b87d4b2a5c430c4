import { render, screen } from '@testing-library/react';
import { MarkdownMessage } from './markdown-message';

describe('a reply rendered as Markdown', () => {
  it('renders headings, emphasis, lists and GFM tables', () => {
    const { container } = render(
      <MarkdownMessage
        content={
          '### Dining in Paris\n\n1. **Le Cinq**\n2. *A bistro*\n\n| Time | Table |\n| --- | --- |\n| 20:00 | Two |'
        }
      />,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Dining in Paris' })).toBeInTheDocument();
    expect(container.querySelector('ol strong')).toHaveTextContent('Le Cinq');
    expect(container.querySelector('em')).toHaveTextContent('A bistro');
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('never renders raw HTML from a reply', () => {
    const { container } = render(
      <MarkdownMessage
        content={
          'Hello <img src=x onerror="alert(1)"> <script>alert(2)</script><b>bold</b>\n\n<iframe src="https://evil.example"></iframe>'
        }
      />,
    );
    expect(container.querySelector('img, script, iframe, b')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onerror|<script|<iframe/);
  });

  it('opens links in a new tab without giving the page a handle on ours, and drops script links', () => {
    render(<MarkdownMessage content={'[Le Cinq](https://www.lecinq.example) and [click me](javascript:alert(1))'} />);
    const link = screen.getByRole('link', { name: 'Le Cinq' });
    expect(link).toHaveAttribute('href', 'https://www.lecinq.example');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toMatch(/noopener/);
    expect(link.getAttribute('rel')).toMatch(/noreferrer/);
    const unsafe = screen.getByText('click me');
    expect(unsafe.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
  });
});
