//! The shootout's tui-rs peer (Rust, tui-rs 0.19 + crossterm 0.25, both
//! from Debian). tui-rs is ratatui's direct ancestor; ratatui itself is not
//! packaged in Debian 12.
//!
//! Pattern: tui-rs's own `examples/list.rs` - an App holding a ListState,
//! a crossterm event loop, `terminal.draw(|f| ...)` rendering a `List`
//! with `render_stateful_widget` and a `highlight_style`, in a `Layout` of
//! a header, the list and a status line. Like the docs' advice for long
//! lists, only the visible window becomes `ListItem`s: building a million
//! `ListItem`s per frame would measure allocation, not drawing, so
//! 1,000,000 items works. The keys and the scrolling rule are
//! Benchmarks/Peers/README.md's. Usage: list [ITEMS [JUMP]], list --version.
use crossterm::event::{self, Event, KeyCode};
use crossterm::execute;
use crossterm::terminal::{disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen};
use std::io;
use tui::backend::{Backend, CrosstermBackend};
use tui::layout::{Constraint, Direction, Layout};
use tui::style::{Color, Modifier, Style};
use tui::text::Span;
use tui::widgets::{List, ListItem, ListState, Paragraph};
use tui::{Frame, Terminal};

const WORDS: [&str; 8] = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"];
const KOREAN: [&str; 4] = ["가나다", "한국어", "서울", "안녕하세요"];
const EMOJI: [&str; 3] = ["🍎", "🚀", "🎉"];
const COLORS: [Color; 4] = [Color::Red, Color::Green, Color::Yellow, Color::Blue];
const VERSION: &str = "tui 0.19.0 + crossterm 0.25.0";

struct App {
    items: i64,
    jump: i64,
    top: i64,
    cursor: i64,
}

impl App {
    /// Clamps the cursor, then the top, then keeps the cursor visible.
    fn settle(&mut self, rows: i64) {
        let rows = rows.max(1);
        self.cursor = self.cursor.clamp(0, self.items - 1);
        self.top = self.top.clamp(0, (self.items - rows).max(0));
        if self.cursor < self.top {
            self.top = self.cursor;
        }
        if self.cursor >= self.top + rows {
            self.top = self.cursor - rows + 1;
        }
    }
}

fn item_style(item: i64) -> Style {
    let style = Style::default().fg(COLORS[(item % 4) as usize]);
    if item % 5 == 0 { style.add_modifier(Modifier::BOLD) } else { style }
}

fn ui<B: Backend>(f: &mut Frame<B>, app: &mut App) {
    let chunks = Layout::default()
        .direction(Direction::Vertical)
        .constraints([Constraint::Length(1), Constraint::Min(1), Constraint::Length(1)])
        .split(f.size());
    let rows = chunks[1].height as i64;
    app.settle(rows);
    let header = Paragraph::new(Span::styled(
        format!(" {}: {} items", VERSION, app.items),
        Style::default().add_modifier(Modifier::REVERSED),
    ));
    f.render_widget(header, chunks[0]);
    let last = (app.top + rows).min(app.items);
    let items: Vec<ListItem> = (app.top + 1..=last)
        .map(|item| {
            let text = format!(
                "{:7} {} {} {} item {}",
                item, WORDS[(item % 8) as usize], KOREAN[(item % 4) as usize], EMOJI[(item % 3) as usize], item
            );
            ListItem::new(text).style(item_style(item))
        })
        .collect();
    let list = List::new(items).highlight_style(Style::default().add_modifier(Modifier::REVERSED));
    let mut state = ListState::default();
    state.select(Some((app.cursor - app.top) as usize));
    f.render_stateful_widget(list, chunks[1], &mut state);
    f.render_widget(Paragraph::new(format!(" item {} of {}", app.cursor + 1, app.items)), chunks[2]);
}

fn run<B: Backend>(terminal: &mut Terminal<B>, app: &mut App) -> io::Result<()> {
    loop {
        terminal.draw(|f| ui(f, app))?;
        let rows = (terminal.size()?.height as i64 - 2).max(1);
        match event::read()? {
            Event::Key(key) => match key.code {
                KeyCode::Char('q') => return Ok(()),
                KeyCode::Char('j') | KeyCode::Down => app.cursor += 1,
                KeyCode::Char('k') | KeyCode::Up => app.cursor -= 1,
                KeyCode::PageDown => {
                    app.cursor += rows;
                    app.top += rows;
                }
                KeyCode::PageUp => {
                    app.cursor -= rows;
                    app.top -= rows;
                }
                KeyCode::Char('g') | KeyCode::Home => app.cursor = 0,
                KeyCode::Char('G') | KeyCode::End => app.cursor = app.items - 1,
                KeyCode::Char('n') => app.cursor = app.jump - 1,
                _ => {}
            },
            Event::Resize(_, _) => {}
            _ => {}
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--version") {
        println!("{}", VERSION);
        return Ok(());
    }
    let items: i64 = args.get(1).map(|s| s.parse()).transpose()?.unwrap_or(1_000_000);
    let jump: i64 = args.get(2).map(|s| s.parse()).transpose()?.unwrap_or(items / 2);
    if items < 1 || jump < 1 || jump > items {
        eprintln!("list: ITEMS must be positive and JUMP an item number up to ITEMS");
        std::process::exit(2);
    }
    enable_raw_mode()?;
    let mut stdout = io::stdout();
    execute!(stdout, EnterAlternateScreen)?;
    let mut terminal = Terminal::new(CrosstermBackend::new(stdout))?;
    terminal.hide_cursor()?;
    let mut app = App { items, jump, top: 0, cursor: 0 };
    let result = run(&mut terminal, &mut app);
    disable_raw_mode()?;
    execute!(terminal.backend_mut(), LeaveAlternateScreen)?;
    terminal.show_cursor()?;
    result.map_err(|e| e.into())
}
