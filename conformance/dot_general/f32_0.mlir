// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.527950644, 0.0839010402, 0.846749663, -0.579448164], [0.800491988, -0.323763669, 0.599692583, -0.179077134], [-0.771488726, 0.0587494411, 0.421296746, -0.120033443]]> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %c2 = shlo.constant {value = dense<[[-0.431729198, -0.159219742, -0.798161447, 0.555657566, 6.299540e-02], [0.253946096, 0.0359159186, -0.64023298, -0.168762654, 6.399900e-01], [0.0359683931, 0.249847665, -0.0641520619, -0.250577807, 0.401837081], [-0.0880348086, 0.0723665878, -0.254221827, 0.574637175, -0.101298474]]> : tensor<4x5xf32>} : () -> tensor<4x5xf32>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.125157535, 0.0885789692, -0.382118404, -0.265948743, 0.485906899], [-0.390479326, -0.00220981054, -0.424583882, 0.246264607, 0.102340773], [0.373713911, 0.221519873, 0.581647277, -0.613141536, 0.170450673]]> : tensor<3x5xf32>, rtol = 8.000e-06 : f64, atol = 2.000e-06 : f64}} : (tensor<3x5xf32>) -> ()
  func.return
}
