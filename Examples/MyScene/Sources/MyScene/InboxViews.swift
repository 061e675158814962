import FrameGrid
import Layout

/// The header, the rows in view over the sliding highlight, and a status line.
struct InboxScreen: View {
    let model: InboxModel

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            InboxHeader(position: model.selection + 1, count: model.messages.count)
            ZStack(alignment: .topLeading) {
                // The highlight is a view of its own, so a new selection moves
                // its frame and the move animates.
                Rectangle().fill(.palette(24)).frame(height: 1)
                    .offset(y: model.selection - model.top)
                VStack(alignment: .leading, spacing: 0) {
                    ForEach(model.top..<min(model.messages.count, model.top + model.visibleRows)) { index in
                        MessageRow(message: model.messages[index])
                    }
                    Spacer()
                }
            }
            Text("↑↓ move  PgDn page  Home top").foregroundColor(.brightBlack).padding(.horizontal, 1)
        }
    }
}

struct InboxHeader: View {
    let position: Int
    let count: Int

    var body: some View {
        HStack(spacing: 1) {
            Text("Inbox").bold()
            Spacer()
            Text("\(position) of \(count)")
        }
        .padding(.horizontal, 1)
        .background(Rectangle().fill(.blue))
    }
}

struct MessageRow: View {
    let message: Message

    var body: some View {
        HStack(spacing: 1) {
            Text(message.unread ? "●" : " ").foregroundColor(.brightBlue)
            Text(message.sender).bold().frame(width: 10, alignment: .leading)
            Text(message.subject)
            Spacer()
        }
        .padding(.horizontal, 1)
    }
}
