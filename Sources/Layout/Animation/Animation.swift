import Foundation

/// How a change moves over time: a timing curve and its duration in seconds.
/// The host turns seconds into frames at its frame rate.
///
/// Curves are pure functions of elapsed time. Springs are damped harmonic
/// oscillators released from rest one unit from their target: below
/// critical damping they overshoot, which is the "bounce".
public struct Animation: Equatable, Sendable {
    enum Curve: Equatable, Sendable {
        case linear
        case easeInOut
        case spring(angularFrequency: Double, damping: Double)
    }
    let curve: Curve
    /// Seconds until the motion ends (for springs: until it settles within 1/1000).
    public let duration: Double

    public static func linear(duration: Double) -> Animation { Animation(curve: .linear, duration: duration) }
    public static func easeInOut(duration: Double) -> Animation { Animation(curve: .easeInOut, duration: duration) }
    public static let linear = linear(duration: 0.35)
    public static let easeInOut = easeInOut(duration: 0.35)
    public static let `default` = easeInOut

    /// A spring that takes about `response` seconds per oscillation;
    /// `dampingFraction` 1 settles without overshoot, lower values bounce.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825) -> Animation {
        let omega = 2 * Double.pi / max(response, 0.001)
        let zeta = max(dampingFraction, 0.01)
        return Animation(curve: .spring(angularFrequency: omega, damping: zeta), duration: settlingTime(omega, zeta))
    }

    public static let spring = spring()

    /// A spring with visible bounce; `extraBounce` adds more (0...0.7).
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
        spring(response: duration, dampingFraction: max(0.05, 0.7 - extraBounce))
    }

    public static let bouncy = bouncy()

    /// Progress from 0 (start) to 1 (end) after `elapsed` seconds; springs pass 1 and come back.
    public func progress(at elapsed: Double) -> Double {
        if elapsed <= 0 { return 0 }
        if elapsed >= duration { return 1 }
        let t = elapsed / duration
        switch curve {
        case .linear:
            return t
        case .easeInOut:
            // Cubic ease in and out.
            return t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        case .spring(let omega, let zeta):
            // Every node of a change moves with one spring at one time: the
            // last answer is kept (an exp, a cos and a sin per node drawn).
            let memo = SpringMemo.last
            if memo.elapsed == elapsed && memo.omega == omega && memo.zeta == zeta { return memo.progress }
            let progress = 1 - Animation.displacement(elapsed, omega, zeta)
            SpringMemo.last = (elapsed, omega, zeta, progress)
            return progress
        }
    }

    /// Remaining distance of a unit spring released at rest.
    static func displacement(_ t: Double, _ omega: Double, _ zeta: Double) -> Double {
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            return exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
        }
        return (1 + omega * t) * exp(-omega * t)
    }

    /// When the oscillation's envelope falls below 1/1000.
    static func settlingTime(_ omega: Double, _ zeta: Double) -> Double {
        if zeta < 1 {
            let amplitude = 1 / (1 - zeta * zeta).squareRoot()
            return log(1000 * amplitude) / (zeta * omega)
        }
        return 9.3 / omega  // (1 + x) e^-x < 0.001 at x ≈ 9.23
    }
}

/// The last spring progress worked out (see `Animation.progress`), on the
/// one thread that drives views; a pure function's answer, so a stale entry
/// is only a miss.
enum SpringMemo {
    @exclusivity(unchecked) nonisolated(unsafe) static var last = (
        elapsed: Double.nan, omega: Double.nan, zeta: Double.nan, progress: 0.0
    )
}

/// Runs `body` so that state changes made in it animate with `animation`.
@discardableResult
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    let saved = Transaction.animation
    Transaction.animation = animation
    defer { Transaction.animation = saved }
    return try body()
}

/// The animation of state changes being made now (inside `withAnimation`).
enum Transaction {
    @exclusivity(unchecked) nonisolated(unsafe) static var animation: Animation?
}
