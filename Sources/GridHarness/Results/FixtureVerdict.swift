/// Whether a run's loaded sets matched the reference's in every frame.
public enum FixtureVerdict: String, Codable, Hashable, Sendable {
    case pass
    case fail
}
