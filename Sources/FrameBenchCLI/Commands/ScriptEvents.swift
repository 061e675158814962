import FrameGrid
import Harness
import Reports
import SceneKit
import Workloads

/// The script events of a scenario's run, frame by frame, from its script
/// (scripts are deterministic: frame n gets the same inputs on every run).
///
/// Scrolls by a row or a few, and carousel moves, happen on most frames and
/// are not events; everything else (page moves, jumps, top, bottom, tab or
/// filter changes, resizes, the primary action) is.
enum ScriptEvents {
    /// The events of `settings`' frames; none for workloads without a script.
    static func markers(for settings: ScenarioSettings) -> [TraceMarker] {
        let workloadSettings = WorkloadSettings(
            size: Size(cols: settings.cols, rows: settings.rows), seed: settings.seed,
            feedItems: settings.feedItems, script: settings.script)
        guard let made = try? WorkloadFactory.make(settings.scenario, settings: workloadSettings),
            let scripted = made as? ScriptedWorkload
        else { return [] }
        let tabWord = settings.scenario == "profile-feed" ? "filter switch" : "tab change"
        var markers: [TraceMarker] = []
        for frame in 0..<settings.frames {
            for input in scripted.timeline.inputs(at: frame) {
                if let name = name(of: input, tabWord: tabWord) { markers.append(TraceMarker(frame: frame, name: name)) }
            }
        }
        return markers
    }

    /// The marker's name for an input, nil for inputs too frequent to mark.
    static func name(of input: SceneInput, tabWord: String) -> String? {
        switch input {
        case .scroll, .carousel: return nil
        case .page(let pages): return "page \(pages > 0 ? "down" : "up")"
        case .top: return "top"
        case .bottom: return "bottom"
        case .jump: return "jump"
        case .selectTab(let index): return "\(tabWord) to \(index + 1)"
        case .nextTab: return "\(tabWord) (next)"
        case .resize(let size): return "resize \(size.cols)x\(size.rows)"
        case .action: return "action"
        }
    }
}
