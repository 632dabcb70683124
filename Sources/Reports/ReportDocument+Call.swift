extension ReportDocument {
    /// A group call as `bench call --json` writes it: each participant's
    /// figures, the whole call's and what it cost the machine.
    public struct Call: Codable, Sendable, Equatable {
        /// Frame counts and latencies of one participant or of the whole
        /// call; latencies in nanoseconds, nearest rank, nil without a
        /// converted frame.
        public struct Figures: Codable, Sendable, Equatable {
            /// Frames due.
            public var due: Int
            /// Frames converted before the participant's next frame was due.
            public var onTime: Int
            /// Frames converted after that.
            public var late: Int
            /// Frames not started by then (decoded, not converted).
            public var dropped: Int
            /// Presentation freezes.
            public var freezes: Int
            /// The median latency from due to converted.
            public var latencyP50Nanoseconds: Double?
            /// The 99th percentile of that latency.
            public var latencyP99Nanoseconds: Double?
            /// The largest latency.
            public var latencyMaxNanoseconds: Double?

            /// Figures with these counts and latencies.
            public init(
                due: Int, onTime: Int, late: Int, dropped: Int, freezes: Int, latencyP50Nanoseconds: Double?,
                latencyP99Nanoseconds: Double?, latencyMaxNanoseconds: Double?
            ) {
                self.due = due
                self.onTime = onTime
                self.late = late
                self.dropped = dropped
                self.freezes = freezes
                self.latencyP50Nanoseconds = latencyP50Nanoseconds
                self.latencyP99Nanoseconds = latencyP99Nanoseconds
                self.latencyMaxNanoseconds = latencyMaxNanoseconds
            }
        }

        /// One participant.
        public struct Tile: Codable, Sendable, Equatable {
            /// The participant's number, from 0.
            public var participant: Int
            /// The tile size asked for (`WxH`).
            public var requestedSize: String
            /// The size of the stream it was sent (`WxH`), the nearest there is.
            public var streamSize: String
            /// The stream file's path.
            public var vector: String
            /// Its figures.
            public var figures: Figures
            /// Why it failed; nil when it did not.
            public var error: String?

            /// A participant with these fields.
            public init(
                participant: Int, requestedSize: String, streamSize: String, vector: String, figures: Figures,
                error: String?
            ) {
                self.participant = participant
                self.requestedSize = requestedSize
                self.streamSize = streamSize
                self.vector = vector
                self.figures = figures
                self.error = error
            }
        }

        /// The participants in order.
        public var tiles: [Tile]
        /// The whole call's figures.
        public var overall: Figures
        /// Frames a second of every participant.
        public var fps: Double
        /// The call's length in seconds.
        public var seconds: Double
        /// The converter every participant used.
        public var converter: String
        /// The schedule (`per-stream`, `shared`).
        public var schedule: String
        /// The layout frames arrived in (`i420`, `nv12`).
        public var layout: String
        /// The codec every participant sent.
        public var codec: String
        /// Seconds the call took on the wall clock.
        public var wallSeconds: Double
        /// Process CPU seconds over the call, all threads.
        public var cpuSeconds: Double
        /// Processors available to the process.
        public var cores: Int
        /// `cpuSeconds ÷ wallSeconds ÷ cores`.
        public var cpuUtilisation: Double

        /// A call with these fields.
        public init(
            tiles: [Tile], overall: Figures, fps: Double, seconds: Double, converter: String, schedule: String,
            layout: String, codec: String, wallSeconds: Double, cpuSeconds: Double, cores: Int,
            cpuUtilisation: Double
        ) {
            self.tiles = tiles
            self.overall = overall
            self.fps = fps
            self.seconds = seconds
            self.converter = converter
            self.schedule = schedule
            self.layout = layout
            self.codec = codec
            self.wallSeconds = wallSeconds
            self.cpuSeconds = cpuSeconds
            self.cores = cores
            self.cpuUtilisation = cpuUtilisation
        }
    }
}
