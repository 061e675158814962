// The shootout's Bubble Tea peer (Go, Bubble Tea 0.19.1 and lipgloss 0.5,
// from Debian; bubbles 0.14 is built alongside for its key names).
//
// Pattern: Bubble Tea's own tutorial (README "Tutorial": a model holding
// the choices and a cursor, Update moving the cursor on tea.KeyMsg, View
// returning the whole screen as a string) with lipgloss styles per row,
// as the examples style list rows. For a long list the View renders only
// the visible window (the bubbles list paginates rather than scrolls, and
// viewport.SetContent would restyle a million lines per key), so
// 1,000,000 items works. Bubble Tea redraws on its own ticker (60 fps):
// latency includes waiting for the next tick. Keys and the scrolling rule:
// Benchmarks/Peers/README.md. Usage: list [ITEMS [JUMP]], list --version.
package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

const version = "bubbletea 0.19.1 + bubbles 0.14.0 + lipgloss 0.5.0"

var (
	words  = []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel"}
	korean = []string{"가나다", "한국어", "서울", "안녕하세요"}
	emoji  = []string{"🍎", "🚀", "🎉"}
	colors = []lipgloss.Color{"1", "2", "3", "4"}
	down   = key.NewBinding(key.WithKeys("j", "down"))
	up     = key.NewBinding(key.WithKeys("k", "up"))
	pgDown = key.NewBinding(key.WithKeys("pgdown"))
	pgUp   = key.NewBinding(key.WithKeys("pgup"))
	home   = key.NewBinding(key.WithKeys("g", "home"))
	end    = key.NewBinding(key.WithKeys("G", "end"))
	jumpTo = key.NewBinding(key.WithKeys("n"))
	quit   = key.NewBinding(key.WithKeys("q"))
)

type model struct {
	items, jump, top, cursor int
	width, height            int
}

func (m model) Init() tea.Cmd { return nil }

func (m model) rows() int {
	if m.height-2 < 1 {
		return 1
	}
	return m.height - 2
}

// settle clamps the cursor, then the top, then keeps the cursor visible.
func (m *model) settle() {
	rows := m.rows()
	m.cursor = clamp(m.cursor, 0, m.items-1)
	m.top = clamp(m.top, 0, max(0, m.items-rows))
	if m.cursor < m.top {
		m.top = m.cursor
	}
	if m.cursor >= m.top+rows {
		m.top = m.cursor - rows + 1
	}
}

func (m model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, quit):
			return m, tea.Quit
		case key.Matches(msg, down):
			m.cursor++
		case key.Matches(msg, up):
			m.cursor--
		case key.Matches(msg, pgDown):
			m.cursor += m.rows()
			m.top += m.rows()
		case key.Matches(msg, pgUp):
			m.cursor -= m.rows()
			m.top -= m.rows()
		case key.Matches(msg, home):
			m.cursor = 0
		case key.Matches(msg, end):
			m.cursor = m.items - 1
		case key.Matches(msg, jumpTo):
			m.cursor = m.jump - 1
		}
	}
	m.settle()
	return m, nil
}

func (m model) View() string {
	if m.height == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(lipgloss.NewStyle().Reverse(true).Render(fmt.Sprintf(" %s: %d items", version, m.items)))
	b.WriteString("\n")
	rows := m.rows()
	for row := 0; row < rows; row++ {
		item := m.top + row + 1
		if item <= m.items {
			style := lipgloss.NewStyle().Foreground(colors[item%4]).Bold(item%5 == 0).Reverse(item-1 == m.cursor)
			b.WriteString(style.Render(fmt.Sprintf("%7d %s %s %s item %d", item, words[item%8], korean[item%4], emoji[item%3], item)))
		}
		b.WriteString("\n")
	}
	b.WriteString(fmt.Sprintf(" item %d of %d", m.cursor+1, m.items))
	return b.String()
}

func clamp(v, lo, hi int) int {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

func max(a, b int) int {
	if a > b {
		return a
	}
	return b
}

func main() {
	if len(os.Args) > 1 && os.Args[1] == "--version" {
		fmt.Println(version)
		return
	}
	items, jump := 1000000, -1
	var err error
	if len(os.Args) > 1 {
		if items, err = strconv.Atoi(os.Args[1]); err != nil {
			items = 0
		}
	}
	jump = items / 2
	if len(os.Args) > 2 {
		if jump, err = strconv.Atoi(os.Args[2]); err != nil {
			jump = 0
		}
	}
	if items < 1 || jump < 1 || jump > items {
		fmt.Fprintln(os.Stderr, "list: ITEMS must be positive and JUMP an item number up to ITEMS")
		os.Exit(2)
	}
	if err := tea.NewProgram(model{items: items, jump: jump}, tea.WithAltScreen()).Start(); err != nil {
		fmt.Fprintln(os.Stderr, "list:", err)
		os.Exit(1)
	}
}
