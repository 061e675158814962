import Harness

/// A flame graph of folded stacks as one standalone SVG file: the roots at
/// the bottom, each frame as wide as its share of the instructions, callers
/// below callees; every frame's name and count in its tooltip, names
/// written inside frames wide enough to hold a few characters. No script.
///
/// Frames are merged by their path from the root, siblings in name order
/// (so the x axis is alphabetical, not time). Frames narrower than
/// `minimumWidth` pixels are left out of the picture (their instructions
/// still count in their parents' widths).
/// - Complexity: O(frames in the stacks).
public enum FlameGraph {
    public static func svg(
        _ stacks: FoldedStacks, title: String, width: Int = 1200, rowHeight: Int = 16, minimumWidth: Double = 0.3
    ) -> String {
        let root = Node(name: "all")
        for line in stacks.lines {
            var node = root
            node.count += line.count
            for frame in line.stack {
                node = node.child(frame)
                node.count += line.count
            }
        }
        let total = max(root.count, 1)
        let scale = (Double(width) - 20) / Double(total)
        var depth = 0
        root.walk(0) { node, level in if Double(node.count) * scale >= minimumWidth { depth = max(depth, level) } }
        let top = 40
        let height = top + (depth + 1) * rowHeight + 30
        var svg = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
            + "viewBox=\"0 0 \(width) \(height)\" font-family=\"monospace\" font-size=\"11\">"
            + "<title>\(HTMLText.escape(title))</title><rect width=\"100%\" height=\"100%\" fill=\"#fffdf5\"/>"
            + "<text x=\"\(width / 2)\" y=\"22\" text-anchor=\"middle\" font-size=\"15\">\(HTMLText.escape(title))</text>"
            + "<text x=\"10\" y=\"\(height - 10)\" fill=\"#555\">\(HTMLText.escape("\(total) instructions; width is the share of them, hover a frame for its count"))</text>"
        func draw(_ node: Node, x: Double, level: Int) {
            let frameWidth = Double(node.count) * scale
            guard frameWidth >= minimumWidth else { return }
            let y = top + (depth - level) * rowHeight
            let share = Double(node.count) / Double(total) * 100
            let label = "\(node.name) (\(node.count) instructions, \((share * 100).rounded() / 100)%)"
            svg += "<g><title>\(HTMLText.escape(label))</title><rect x=\"\(HTMLText.number(x))\" y=\"\(y)\" "
                + "width=\"\(HTMLText.number(max(frameWidth - 0.5, 0.1)))\" height=\"\(rowHeight - 1)\" "
                + "fill=\"\(color(node.name, level: level))\" rx=\"1\"/>"
            let characters = Int((frameWidth - 6) / 6.6)
            if characters >= 3 {
                let shown = node.name.count <= characters ? node.name : String(node.name.prefix(characters - 2)) + ".."
                svg += "<text x=\"\(HTMLText.number(x + 3))\" y=\"\(y + rowHeight - 4)\">\(HTMLText.escape(shown))</text>"
            }
            svg += "</g>"
            var childX = x
            for child in node.sortedChildren {
                draw(child, x: childX, level: level + 1)
                childX += Double(child.count) * scale
            }
        }
        draw(root, x: 10, level: 0)
        return svg + "</svg>\n"
    }

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

        func walk(_ level: Int, _ body: (Node, Int) -> Void) {
            body(self, level)
            for child in children.values { child.walk(level + 1, body) }
        }
    }
}
