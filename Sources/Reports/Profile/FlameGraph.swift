import Harness

/// A flame graph of folded stacks as one standalone SVG file that zooms and
/// searches: the roots at the bottom, each frame as wide as its share of the
/// instructions, callers below callees; names written inside frames wide
/// enough for a few characters, every frame's name and count in its tooltip.
///
/// The trunk (the chain from the root while one callee holds at least
/// `trunkShare` of its caller: program start-up, the harness' run loop, the
/// measured-frame function's callers) is collapsed into one line of text
/// above the graph, which starts at the trunk's last frame; what the trunk's
/// other callees did is said as a share, not drawn.
///
/// Forwarding frames (compiler thunks, protocol witnesses, the harness'
/// phase markers: `forwards`) are left out, their callees drawn on their
/// callers.
///
/// An inline script (`FlameGraphScript`) makes it interactive: click a
/// frame to zoom into it, "reset zoom" to go back; the search box colours
/// the frames whose names contain the text and shows their share of the
/// instructions. The page honours `#search=TEXT&zoom=NAME` in its address,
/// so a link (or a test in headless Chromium) opens it searched and zoomed.
/// Without script it is the whole graph, drawn.
///
/// Frames are merged by their path from the root, siblings in name order
/// (so the x axis is alphabetical, not time). Frames narrower than
/// `minimumWidth` pixels are hidden until a zoom widens them.
/// - Complexity: O(frames in the stacks).
public enum FlameGraph {
    /// A callee holding at least this share of its caller's instructions
    /// continues the trunk.
    static let trunkShare = 0.99

    public static func svg(
        _ stacks: FoldedStacks, title: String, width: Int = 1200, rowHeight: Int = 16, minimumWidth: Double = 0.3
    ) -> String {
        let root = tree(stacks)
        let total = max(root.count, 1)
        let trunk = root.trunk(share: trunkShare)
        let base = trunk.last!
        var depth = 0
        base.walk(0) { _, level in depth = max(depth, level) }
        let layout = FrameLayout(
            baseCount: base.count, total: total, plotWidth: Double(width) - 20, top: 92, depth: depth, rowHeight: rowHeight,
            minimumWidth: minimumWidth)
        let height = layout.top + (depth + 1) * rowHeight + 44
        var svg = header(title: title, trunk: trunk, total: total, width: width, height: height, plotWidth: layout.plotWidth)
        layout.draw(base, start: 0, level: 0, into: &svg)
        return svg + "<script><![CDATA[\n" + FlameGraphScript.source + "\n]]></script></svg>\n"
    }

    /// The stacks merged into one tree by their path from the root, the
    /// frames that only forward a call left out (`forwards`).
    static func tree(_ stacks: FoldedStacks) -> Node {
        let root = Node(name: "all")
        for line in stacks.lines {
            var node = root
            node.count += line.count
            for frame in line.stack where !forwards(frame) {
                node = node.child(frame)
                node.count += line.count
            }
        }
        return root
    }

    /// The file up to the frames: the `<svg>` element with the figures the
    /// script zooms by, the title, the collapsed trunk's line (its chain in
    /// the tooltip), the search box, "reset zoom" and the footer.
    private static func header(title: String, trunk: [Node], total: UInt64, width: Int, height: Int, plotWidth: Double) -> String {
        let base = trunk.last!
        let shown = Double(base.count) / Double(total) * 100
        // One line that fits the width; the whole collapsed chain is its tooltip.
        let trunkText = trunk.count <= 1 ? "" : fitted(
            "starts at \(base.name) (\(percent(shown)) of the instructions): the \(trunk.count - 1) frames below it are collapsed, "
                + "hover here for them", Double(width) - 14)
        let trunkChain = trunk.map(\.name).joined(separator: " → ")
        let footer = "\(total) instructions; width is the share of them; click a frame to zoom, hover for its count"
        let leftOut = "left out: thunks, protocol witnesses, @objc entry points and the harness' phase markers (their callees drawn in their place)"
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\" font-family=\"monospace\" font-size=\"11\" data-total=\"\(total)\" "
            + "data-base=\"\(base.count)\" data-plot=\"\(HTMLText.number(plotWidth))\">"
            + "<title>\(HTMLText.escape(title))</title><rect width=\"100%\" height=\"100%\" fill=\"#fffdf5\"/>"
            + "<text x=\"\(width / 2)\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">\(HTMLText.escape(title))</text>"
            + "<g><title>\(HTMLText.escape(trunkChain))</title><text id=\"trunk\" x=\"10\" y=\"42\" fill=\"#555\">"
            + "\(HTMLText.escape(trunkText))</text></g>"
            + "<foreignObject x=\"10\" y=\"52\" width=\"260\" height=\"26\"><input xmlns=\"http://www.w3.org/1999/xhtml\" "
            + "id=\"search\" type=\"search\" placeholder=\"search frames (text in the name)\" "
            + "style=\"width:240px;font:12px monospace\"/></foreignObject>"
            + "<text id=\"matched\" x=\"280\" y=\"70\" fill=\"#a0009a\"></text>"
            + "<text id=\"reset\" x=\"\(width - 10)\" y=\"70\" text-anchor=\"end\" fill=\"#1a5fb4\" style=\"cursor:pointer\">reset zoom</text>"
            + "<text x=\"10\" y=\"\(height - 24)\" fill=\"#555\">\(HTMLText.escape(footer))</text>"
            + "<text x=\"10\" y=\"\(height - 10)\" fill=\"#555\">\(HTMLText.escape(leftOut))</text>"
    }

    /// Where each frame is drawn: x and width its place and share among
    /// the base frame's instructions, its row by its depth (roots at the
    /// bottom, `depth` the deepest level).
    struct FrameLayout {
        let baseCount: UInt64
        let total: UInt64
        let plotWidth: Double
        let top: Int
        let depth: Int
        let rowHeight: Int
        let minimumWidth: Double

        /// `node` as a group (its box, its fitted name, its count in the
        /// tooltip; hidden when narrower than `minimumWidth`), then its
        /// callees in name order side by side from `start`, a row up.
        func draw(_ node: Node, start: UInt64, level: Int, into svg: inout String) {
            let x = 10 + Double(start) / Double(baseCount) * plotWidth
            let frameWidth = Double(node.count) / Double(baseCount) * plotWidth
            let y = top + (depth - level) * rowHeight
            let share = Double(node.count) / Double(total) * 100
            let label = "\(node.name) (\(node.count) instructions, \((share * 100).rounded() / 100)%)"
            svg += "<g class=\"f\" data-s=\"\(start)\" data-c=\"\(node.count)\" data-l=\"\(level)\" data-n=\"\(HTMLText.escape(node.name))\""
                + (frameWidth < minimumWidth ? " display=\"none\"" : "") + "><title>\(HTMLText.escape(label))</title>"
                + "<rect x=\"\(HTMLText.number(x))\" y=\"\(y)\" width=\"\(HTMLText.number(max(frameWidth - 0.5, 0.1)))\" "
                + "height=\"\(rowHeight - 1)\" fill=\"\(FlameGraph.color(node.name, level: level))\" rx=\"1\"/>"
                + "<text x=\"\(HTMLText.number(x + 3))\" y=\"\(y + rowHeight - 4)\">\(HTMLText.escape(FlameGraph.fitted(node.name, frameWidth)))</text></g>"
            var childStart = start
            for child in node.sortedChildren {
                draw(child, start: childStart, level: level + 1, into: &svg)
                childStart += child.count
            }
        }
    }

    /// Frames that only pass a call on, left out of the graph (their few
    /// instructions go to their caller): thunks the compiler makes (partial
    /// applications, reabstraction thunks, protocol witnesses, `@objc` C
    /// entry points, each directly above the function it calls, which
    /// repeats the row) and the harness' own phase markers around every
    /// measured phase. In a profile-feed profile they were 7 rows between
    /// the measured frame and the scene.
    static func forwards(_ name: String) -> Bool {
        name.hasPrefix("partial apply for ") || name.hasPrefix("reabstraction thunk") || name.hasPrefix("protocol witness for ")
            || name.hasPrefix("thunk for ") || name.hasPrefix("@objc ") || name == "fb_callgrind_run_phase" || name.contains("InstructionCounter.runThroughMarker")
    }

    /// As much of `name` as fits `width` pixels of 11 px monospace (6.6 px a
    /// character), ".." marking a cut; nothing below three characters.
    static func fitted(_ name: String, _ width: Double) -> String {
        let characters = Int((width - 6) / 6.6)
        if characters < 3 { return "" }
        return name.count <= characters ? name : String(name.prefix(characters - 2)) + ".."
    }

    static func percent(_ value: Double) -> String { "\((value * 10).rounded() / 10)%" }

    /// Warm colours from the name (stable between runs), paler for the root.
    static func color(_ name: String, level: Int) -> String {
        if level == 0 { return "#e0e0e0" }
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let red = 205 + Int(hash % 50), green = 80 + Int((hash >> 8) % 130), blue = 40 + Int((hash >> 16) % 50)
        return "rgb(\(red),\(green),\(blue))"
    }

    /// A frame of the merged tree.
    final class Node {
        let name: String
        var count: UInt64 = 0
        private var children: [String: Node] = [:]

        init(name: String) { self.name = name }

        func child(_ name: String) -> Node {
            if let existing = children[name] { return existing }
            let made = Node(name: name)
            children[name] = made
            return made
        }

        var sortedChildren: [Node] { children.keys.sorted().map { children[$0]! } }

        /// This frame and the chain of callees below it, each holding at least
        /// `share` of its caller's instructions.
        func trunk(share: Double) -> [Node] {
            var chain = [self]
            while let last = chain.last, let heaviest = last.children.values.max(by: { $0.count < $1.count }),
                Double(heaviest.count) >= share * Double(last.count), last.count > 0 {
                chain.append(heaviest)
            }
            return chain
        }

        func walk(_ level: Int, _ body: (Node, Int) -> Void) {
            body(self, level)
            for child in children.values { child.walk(level + 1, body) }
        }
    }
}
