module {
  func.func @main(%arg0: tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>> {
    %0 = shlo.fft %arg0 {fft_length = array<i64: 2, 2>, fft_type = #shlo.fft_type<FFT>} : (tensor<2x2xcomplex<f64>>) -> tensor<2x2xcomplex<f64>>
    return %0 : tensor<2x2xcomplex<f64>>
  }
}
