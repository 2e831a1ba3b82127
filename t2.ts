export interface Clear {
  pending: null
  opt?: string
}
